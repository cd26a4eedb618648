/**
 * Runs a command-line tool's `main` and leaves with its exit code; an error is printed (its message only, no stack:
 * the tools' errors are written for the operator) and leaves with 1.
 */
export function exitWith(main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
