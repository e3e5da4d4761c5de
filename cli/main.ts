import { runCli } from './program.ts';

const code = await runCli(process.argv.slice(2));
// a failure to write the output has already set its own exit code
if (!process.exitCode) process.exitCode = code;
