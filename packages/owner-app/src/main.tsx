import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppClient } from './api/client';
import { createQueryClient } from './api/query-client';
import { readBoot } from './boot';
import { EDITOR_MESSAGES } from './ui/messages';
import { beaconPanelSender, setPanelEventSender } from './ui/track';
import './styles.css';

// The owner app's entry: the boot data the server wrote for the signed-in owner, the client and the query
// cache, then the shell and the screen the address names.
const root = document.getElementById('owner-app')!;
const boot = readBoot();
if (!boot) {
  // Served without boot data (not through the server's /config): nothing to show but a way back.
  root.innerHTML = '';
  const message = document.createElement('p');
  message.className = 'boot-error';
  message.setAttribute('role', 'alert');
  message.textContent = `${EDITOR_MESSAGES.somethingWentWrong}. `;
  const link = document.createElement('a');
  link.href = '/config';
  link.textContent = 'Reload';
  message.append(link);
  root.append(message);
} else {
  setPanelEventSender(beaconPanelSender(boot.website));
  createRoot(root).render(
    <StrictMode>
      <App client={createAppClient(boot)} boot={boot} queryClient={createQueryClient({ onSignedOut: () => window.location.reload() })} />
    </StrictMode>,
  );
}
