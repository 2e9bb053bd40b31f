// The browser editor's entry: Rust's shell (src/serve/edit/) has <div id="root">, the token's
// <meta>, editor.css and this module.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './editor.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
