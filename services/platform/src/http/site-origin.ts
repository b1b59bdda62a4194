import type { Request } from 'express';

/**
 * Where the visitor reached the site, for absolute links (the report link in a PDF, an email, a
 * preview): PUBLIC_URL when it is set, otherwise the request's own origin. Express takes the
 * scheme and host from X-Forwarded-Proto/-Host only when the hop that sent them is trusted
 * ("trust proxy"), and a service behind the gateway drops them unless the gateway signed them
 * (requireForwardedProof), so a client cannot point the links elsewhere by a header.
 */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  return (publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}
