/** The app and its API are served under /oa (spec §2, §7): API paths are '/api/...' after this prefix. */
export const API_PREFIX = '/oa';
/** React Router basename. */
export const ROUTER_BASENAME = '/oa';
