// first: antd's stylesheet goes before every stylesheet of the app (in the dev server, this import injects it)
import { linkAntdStyles } from './lib/antd-styles';
import { loadClientConfig } from './lib/client-config';
import { captureAddressToken } from './lib/storage-keys';

/**
 * The entry of the phone app's own page (m/index.html, served for /oa/m/…). It loads nothing itself: the page already
 * shows the shell the server put in it, and this file (a few hundred bytes) asks for the configuration, antd's
 * stylesheet (in parts, linked first: the app's own come after it) and the app's chunk at once; React and the app's
 * stylesheets come with the chunk, so none of them delays the first paint.
 */
captureAddressToken();
const config = loadClientConfig();
config.catch(() => undefined);
const styles = linkAntdStyles();
styles.catch(() => undefined);
import('./app/phone/phone-start')
  .then((m) => m.startPhoneApp(config, styles))
  .catch(() => {
    const root = document.getElementById('root');
    if (root) root.textContent = '页面加载失败，请检查网络后刷新重试。';
  });
