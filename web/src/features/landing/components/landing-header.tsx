import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { BrandMark } from '@/components/layout/brand-mark';
import { BRAND_NAME } from '@/config/brand';

export const SOLID_HEADER_SCROLL_PX = 100;
export const BRAND_REVEAL_VIEWPORT_RATIO = 0.6;

/** Spec §2: solid after 100 px of scrolling; the brand block appears after 60% of the viewport height. */
export function LandingHeader() {
  const [scroll, setScroll] = useState({ solid: false, showBrand: false });

  useEffect(() => {
    const update = () => {
      const y = window.scrollY;
      const next = {
        solid: y > SOLID_HEADER_SCROLL_PX,
        showBrand: y > window.innerHeight * BRAND_REVEAL_VIEWPORT_RATIO,
      };
      setScroll((current) =>
        current.solid === next.solid && current.showBrand === next.showBrand ? current : next,
      );
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <header className={`landing-header${scroll.solid ? ' landing-header--solid' : ''}`}>
      <div className="container landing-header__inner">
        <Link
          to="/"
          className={`landing-header__brand${scroll.showBrand ? ' landing-header__brand--visible' : ''}`}
          aria-label={`${BRAND_NAME} home`}
          tabIndex={scroll.showBrand ? undefined : -1}
          aria-hidden={scroll.showBrand ? undefined : true}
        >
          <BrandMark size={34} />
          <span>{BRAND_NAME}</span>
        </Link>
        <nav aria-label="Main" className="landing-header__nav">
          <Link to="/contact" className="landing-header__link">
            Contact
          </Link>
          <ButtonLink to="/scan" size="sm">
            Get Started
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
