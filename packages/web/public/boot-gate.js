// 首页's first screen (index.html's template, put in by the server) is for a signed-in person: with no session token
// (the app's storage key, TOKEN_KEY of @oa/shared/constants) the app opens the login, so the frame is not shown.
try {
  if (!localStorage.getItem('EL-ADMIN-TOKEN')) document.documentElement.classList.add('oa-boot-off');
} catch {
  document.documentElement.classList.add('oa-boot-off');
}
