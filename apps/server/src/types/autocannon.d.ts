// The parts of autocannon's API the benchmark and the reliability suite use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  /** One connection's client (an EventEmitter; 'headers' carries the parsed response head, raw headers flat). */
  interface Client {
    on(event: 'headers', listener: (head: { headers: string[] }) => void): Client;
    /** A response complete: its status, bytes and time in ms. */
    on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): Client;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Array<{
      /** `context` is the connection's own object, kept across its requests. */
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
    }>;
    setupClient?: (client: Client) => void;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers with a 2xx status (with `non2xx`, every answer that came). */
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
