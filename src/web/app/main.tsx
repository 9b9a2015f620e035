import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configurePortugueseValidation } from '@shared/lib/validation-message';
import { applyCspNonce } from './csp-nonce';
import { router } from './router';
import { registerServiceWorker } from './service-worker';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado no index.html');

applyCspNonce();
configurePortugueseValidation();
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
registerServiceWorker();
