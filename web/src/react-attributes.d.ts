import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    /** Element Timing (https://wicg.github.io/element-timing/): the browser reports when the image is painted. */
    elementtiming?: string;
  }
}
