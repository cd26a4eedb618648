/** Browser name and major version for the `userSource` header, e.g. 'Chrome 156'. */
export function browserName(userAgent: string = navigator.userAgent): string {
  const rules: Array<[string, RegExp]> = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
    ['Safari', /Version\/(\d+).*Safari/],
    ['IE', /(?:MSIE |rv:)(\d+)/],
  ];
  for (const [name, re] of rules) {
    const m = re.exec(userAgent);
    if (m) return `${name} ${m[1]}`;
  }
  return 'Unknown 0';
}
