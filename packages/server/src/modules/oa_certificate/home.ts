import { defineModuleHome } from '../module-home';
import { certificateHooks } from './certificate.hooks';

export default defineModuleHome({ code: 'oa_certificate', hooks: certificateHooks });
