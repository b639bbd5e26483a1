/** Tiny argument parsing for the omr CLIs: --name value pairs and the rest as files. */
export function parseArgs(argv: string[]): { flags: Record<string, string>; files: string[] } {
  const flags: Record<string, string> = {};
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) flags[a.slice(2)] = argv[++i] ?? '';
    else files.push(a);
  }
  return { flags, files };
}
