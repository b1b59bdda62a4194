import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import '@fontsource-variable/fraunces/wght.css';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';
import { routes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = <App router={createBrowserRouter(routes)} />;

// A page the build prerendered (build/prerender.plugin.ts) names its path: that markup is what the
// first render here produces, so it is hydrated; anything else (the empty shell) is rendered afresh.
if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, app);
else createRoot(container).render(app);
