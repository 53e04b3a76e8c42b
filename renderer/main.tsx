/** Renderer entry: mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Tokens and shared controls first, so each feature's own stylesheet (imported by its view) can refine them.
import './theme/tokens.css';
import './components/frame.css';
import './components/controls.css';
import './components/overlays.css';
import { App } from './App';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
