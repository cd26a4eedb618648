/** antd's stylesheet in parts for the phone app's page, their URLs in cascade order (antd-css-parts.ts). */
declare module 'virtual:antd-css-parts' {
  const urls: string[];
  export default urls;
}
