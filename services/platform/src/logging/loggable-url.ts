/** `scheme://user:password@` in any text: a connection string, or an error message quoting one. */
const CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/** The text with every URL's user and password left out (`postgres://db:5432/palm`). */
export function withoutCredentials(text: string): string {
  return text.replace(CREDENTIALS, '$1');
}

/**
 * A requested URL as logs may show it: the path only. Query strings carry secrets (a `?setup=`
 * token, a share link's key) that must not outlive the request in a log collector.
 */
export function loggableUrl(url: string): string {
  return withoutCredentials(url.replace(/[?#].*$/s, ''));
}
