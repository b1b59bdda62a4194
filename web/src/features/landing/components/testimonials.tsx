import { TESTIMONIALS } from '../content';

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, position) => (
        <span key={position} aria-hidden="true" className={position < rating ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </p>
  );
}

export function Testimonials() {
  return (
    <ul className="testimonials">
      {TESTIMONIALS.map((testimonial) => (
        <li key={testimonial.name} className="testimonial">
          <figure>
            <Stars rating={testimonial.rating} />
            <blockquote>
              <p>“{testimonial.content}”</p>
            </blockquote>
            <figcaption>
              <span className="testimonial__name">{testimonial.name}</span>
              <span className="testimonial__role">{testimonial.role}</span>
            </figcaption>
          </figure>
          <span className="testimonial__focus">{testimonial.focus}</span>
        </li>
      ))}
    </ul>
  );
}
