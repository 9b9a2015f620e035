import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyCspNonce } from './csp-nonce';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado no index.html');

applyCspNonce();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
