/** The phone app's frame, its lists and 我的: one chunk, loaded by every page behind the login (phone-app.tsx). */
export { PhoneLayout } from './phone-layout';
export { PhoneList } from './phone-list';
export { PhoneMe } from './phone-me';
