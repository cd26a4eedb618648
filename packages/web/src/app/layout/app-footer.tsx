import { getClientConfig } from '../../lib/client-config';

/** Footer: technical support by the information centre and the support phone (spec §1). */
export function AppFooter() {
  const { supportPhone, footerTxt } = getClientConfig();
  return (
    <footer className="oa-footer">
      {footerTxt || '技术支持：信息中心'}
      {supportPhone ? `\u3000联系电话：${supportPhone}` : ''}
    </footer>
  );
}
