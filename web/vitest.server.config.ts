import { SERVER_RENDER_TESTS, webTests } from './vitest.config.ts';

/**
 * The server render's tests, in a realm of their own: React's server renderer leaves the router's
 * contexts set, which a client render in the same realm then trips on ("You cannot render a
 * <Router> inside another <Router>").
 */
export default webTests({ name: 'web-server', include: [SERVER_RENDER_TESTS] });
