/**
 * A seeded pseudo-random stream for the bench's simulated day (issue 28): the same seed gives
 * the same day on every machine, so a figure can be reproduced and two rules compared on one
 * event log. Not for anything secret.
 */
export type Random = () => number;

/** mulberry32: a 32-bit state, uniform in [0, 1); small, fast and good enough for a workload. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const chance = (random: Random, probability: number): boolean => random() < probability;

export const uniform = (random: Random, low: number, high: number): number =>
  low + (high - low) * random();

/** A standard normal draw (Box–Muller; 1 − u keeps the logarithm finite). */
function standardNormal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A log-normal draw given its median and the spread of its logarithm: durations people take
 * (a consultation, a claim, patience) are skewed, a few long ones and none below zero.
 */
export const logNormal = (random: Random, median: number, sigma: number): number =>
  median * Math.exp(sigma * standardNormal(random));

/** A Poisson count (Knuth's product of uniforms; fine for the hourly means used here, < 100). */
export function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}
