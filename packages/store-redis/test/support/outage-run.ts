import type { RunningRedis } from './redis-server';

/** One answer of a run, and whether Redis was already killed when it was asked for. */
export interface RunAnswer<T> {
  readonly index: number;
  readonly answer: T;
  readonly killed: boolean;
}

/** Makes `count` requests one after another with `request(index)`, killing Redis before the `killAt`th. */
export async function runKillingRedis<T>(
  redis: RunningRedis,
  count: number,
  killAt: number,
  request: (index: number) => Promise<T>,
): Promise<Array<RunAnswer<T>>> {
  const answers: Array<RunAnswer<T>> = [];
  for (let index = 0; index < count; index++) {
    if (index === killAt) {
      redis.signal('SIGKILL');
      await redis.stop();
    }
    answers.push({ index, answer: await request(index), killed: index >= killAt });
  }
  return answers;
}

/** Asks `attempt` again every 100 ms, at most `tries` times, until `done` accepts its answer; the last answer. */
export async function retryUntil<T>(
  attempt: () => Promise<T>,
  done: (answer: T) => boolean,
  tries: number,
): Promise<T> {
  let answer = await attempt();
  for (let i = 1; i < tries && !done(answer); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await attempt();
  }
  return answer;
}
