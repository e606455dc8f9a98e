import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const DEFAULT_HEAP_MB: number;
export declare const DEFAULT_SEMI_SPACE_MB: number;
export declare const DEFAULT_MALLOC_ARENAS: string;
export declare function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  args?: string[];
}
export declare function startServer(serverJs: string, options?: StartOptions): ChildProcess;
export declare function runServer(serverJs: string, options?: StartOptions): ChildProcess;
