/** The slice of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
      onResponse?: (status: number, body: string) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      requests?: Request[];
    }
    interface Result {
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  namespace autocannon {
    /** A run: its result when awaited, and an event per answer (`responseTime` in ms, unrounded). */
    interface Run extends Promise<Result> {
      on(
        event: 'response',
        listener: (
          client: unknown,
          statusCode: number,
          resBytes: number,
          responseTime: number,
        ) => void,
      ): this;
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Run;
  namespace autocannon {
    /** Decodes and merges raw results (what autocannon returns in a worker thread). */
    function aggregateResult(results: unknown[], options: Options): Result;
  }
  export default autocannon;
}
