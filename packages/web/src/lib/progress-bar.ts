import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress-bar.css';

// A thin bar during navigation, never a spinner (spec §2).
// Its template without nprogress's made-up roles ("bar", "spinner" are no ARIA roles): a decoration only.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  minimum: 0.12,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let active = 0;

export function startProgress(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

/** Ends the bar whatever the nesting (e.g. after an error screen). */
export function resetProgress(): void {
  active = 0;
  NProgress.done();
}
