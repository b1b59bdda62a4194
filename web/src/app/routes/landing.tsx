import { useEffect } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { ButtonLink } from '@/components/ui/button';
import { BRAND_NAME, BRAND_NAME_DEVANAGARI, TAGLINE } from '@/config/brand';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { PalmIllustration } from '@/features/landing/components/palm-illustration';
import { RotatingHeadline } from '@/features/landing/components/rotating-headline';
import { Testimonials } from '@/features/landing/components/testimonials';
import { LIFE_AREA_TILES, PROMISES, STEPS } from '@/features/landing/content';
import './landing.css';

export default function LandingRoute() {
  useEffect(() => {
    document.title = `${BRAND_NAME} — ${TAGLINE}`;
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LandingHeader />
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__grid">
            <div className="hero__copy">
              <p className="hero__native devanagari" lang="hi">
                {BRAND_NAME_DEVANAGARI}
              </p>
              <h1 id="hero-title" className="hero__title">
                {TAGLINE}
              </h1>
              <RotatingHeadline />
              <p className="hero__lead">
                An AI palm reading in the Vedic tradition — personal insights on love, career, health, money
                and spiritual growth, read from the lines of your own hand.
              </p>
              <div className="hero__actions">
                <ButtonLink to="/scan" size="lg">
                  Get Started <span aria-hidden="true">→</span>
                </ButtonLink>
              </div>
              <ul className="hero__promises">
                {PROMISES.map((promise) => (
                  <li key={promise}>{promise}</li>
                ))}
              </ul>
            </div>
            <div className="hero__art">
              <PalmIllustration />
            </div>
          </div>
        </section>

        <section className="section" aria-labelledby="steps-title">
          <div className="container">
            <div className="section__head">
              <span className="eyebrow">How it works</span>
              <h2 id="steps-title">Three steps to your reading</h2>
            </div>
            <ol className="steps">
              {STEPS.map((step) => (
                <li key={step.title} className="step">
                  <span className="step__glyph devanagari" aria-hidden="true">
                    {step.glyph}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="section" aria-labelledby="areas-title">
          <div className="container">
            <div className="section__head">
              <span className="eyebrow">What your palm reveals</span>
              <h2 id="areas-title">Guidance for every part of life</h2>
            </div>
            <ul className="areas">
              {LIFE_AREA_TILES.map((tile) => (
                <li key={tile.title} className="area">
                  <span className="area__glyph devanagari" aria-hidden="true" lang="sa">
                    {tile.glyph}
                  </span>
                  <h3>{tile.title}</h3>
                  <p>{tile.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section" aria-labelledby="testimonials-title">
          <div className="container">
            <div className="section__head">
              <span className="eyebrow">Kind words</span>
              <h2 id="testimonials-title">Readers who found their path</h2>
            </div>
            <Testimonials />
          </div>
        </section>

        <section className="section" aria-labelledby="cta-title">
          <div className="container">
            <div className="closing-cta">
              <span className="closing-cta__om devanagari" aria-hidden="true">
                ॐ
              </span>
              <h2 id="cta-title">Your future is written in your hands</h2>
              <p>Free, private and ready in under 2 minutes. No credit card needed.</p>
              <ButtonLink to="/scan" size="lg">
                Begin Your Free Reading
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
