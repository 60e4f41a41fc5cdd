import {
  DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
  DEFAULT_WAIT_PROMISE_MINUTES,
  settlementReasons,
  stripeCardFeeCents,
} from '@shared/payments/money';
import { ESTIMATE_TOLERANCE_MINUTES } from '@shared/cases/wait-estimate';
import { budgets } from './budgets';
import {
  estimateAccuracy,
  moneyFigures,
  type AccuracyFigures,
  type MoneyFigures,
} from './day-figures';
import { generateDayLog } from './day-log';
import { simulateDay, type Authorization, type DayRules } from './day-simulation';
import { median, table } from './stats';
import { atLeast, atMost, formatValue, type Verdict } from './verdict';

/**
 * `BENCH_PARTS=day`: issue 28's simulated day. The seeded log of one day runs through the queue
 * twice, under the rule before issue 28 (charge at checkout, refund when the visit did not
 * happen, no wait promise) and after it (authorize, capture when seen, void otherwise, the wait
 * promise at `WAIT_PROMISE_MINUTES`); prints how the payments ended, the fees each rule lost on
 * patients never seen, and the wait estimate's accuracy; checks both against issue 28's goals.
 * No stack: the product's rules are called as functions. `BENCH_DAY_SEED` picks another day.
 */
export const DEFAULT_DAY_SEED = 28;

/** `CASE_EXPIRY_SECONDS`' default (functions/src/core/env.ts), the outer limit. */
const CASE_EXPIRY_MINUTES = 24 * 60;
/** How many recent consultations and claims the server's rolling medians keep. */
const MEDIAN_WINDOW = 51;

export interface SimulatedDay {
  seed: number;
  rules: DayRules;
  shifts: number;
  before: Authorization[];
  after: Authorization[];
  /** `after` again, with the claim delay measured from the payment: only the estimates differ. */
  fromPayment: Authorization[];
  money: { before: MoneyFigures; after: MoneyFigures };
  /**
   * With the claim delay measured as the server records it (`wait-samples.ts`): from when the
   * case was ready and the doctor free.
   */
  accuracy: AccuracyFigures;
  /** With the claim delay measured from the payment, the first measure (it counts the queue twice). */
  fromPaymentAccuracy: AccuracyFigures;
}

export function runSimulatedDay(
  seed: number,
  { waitPromiseMinutes = DEFAULT_WAIT_PROMISE_MINUTES, arrivalsScale = 1 } = {},
): SimulatedDay {
  const log = generateDayLog(seed, arrivalsScale);
  const rules: DayRules = {
    waitPromiseMinutes,
    captureAfterConnectedSeconds: DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
    caseExpiryMinutes: CASE_EXPIRY_MINUTES,
    medianWindow: MEDIAN_WINDOW,
    claimDelayFrom: 'doctor_free',
  };
  const before = simulateDay(log, { ...rules, waitPromiseMinutes: null });
  const after = simulateDay(log, rules);
  // The estimate changes nobody's behaviour here, so this run's money is the same as `after`'s.
  const fromPayment = simulateDay(log, { ...rules, claimDelayFrom: 'payment' });
  return {
    seed,
    rules,
    shifts: log.shifts.length,
    before,
    after,
    fromPayment,
    money: { before: moneyFigures('before', before), after: moneyFigures('after', after) },
    accuracy: estimateAccuracy(after),
    fromPaymentAccuracy: estimateAccuracy(fromPayment),
  };
}

/** Busier days with the same doctors, for the estimate's accuracy under load (no goal). */
const BUSIER_DAYS = [1.2, 1.4] as const;

const dollars = (cents: number) => formatValue(cents, 'cents');
const share = (within: number, judged: number) =>
  judged > 0 ? formatValue(within / judged, 'share') : 'n/a';

function outcomesTable(day: SimulatedDay): string {
  const reasons = [...settlementReasons.capture, ...settlementReasons.void];
  const count = (authorizations: Authorization[], why: string) =>
    authorizations.filter((auth) => auth.decision.why === why).length;
  return table(
    ['settlement (after) / how it ended (before)', 'action', 'before', 'after'],
    reasons.map((why) => [
      why,
      (settlementReasons.capture as readonly string[]).includes(why) ? 'capture' : 'void',
      String(count(day.before, why)),
      String(count(day.after, why)),
    ]),
  );
}

function moneyRow(figures: MoneyFigures, verdictCell: string): string[] {
  const fee = stripeCardFeeCents();
  return [
    figures.rule === 'before' ? 'before (charge, refund)' : 'after (authorize, capture or void)',
    String(figures.cases),
    String(figures.payments),
    String(figures.seen),
    String(figures.neverSeen),
    dollars(figures.feesOnSeenCents),
    `${dollars(figures.feesLostOnNeverSeenCents)} (${figures.feesLostOnNeverSeenCents / fee} × ${fee}¢)`,
    `${figures.chargedNeverSeen} (${dollars(figures.chargedNeverSeenCents)})`,
    verdictCell,
  ];
}

/** The estimates' ranges, the real waits and the queues they were judged on. */
function judgedSpread(authorizations: Authorization[]): string {
  const judged = authorizations.filter((auth) => auth.estimate && auth.startedAt !== null);
  if (judged.length === 0) return 'nothing judged';
  const widths = judged.map((auth) => auth.estimate!.highMinutes - auth.estimate!.lowMinutes);
  const waits = judged.map((auth) => auth.startedAt! - auth.paidAt);
  const ahead = judged.map((auth) => auth.aheadInQueue);
  return (
    `range width median ${median(widths)} min (max ${Math.max(...widths)}), real wait median ` +
    `${median(waits).toFixed(1)} min (max ${Math.max(...waits).toFixed(1)}), cases ahead at payment median ` +
    `${median(ahead)} (max ${Math.max(...ahead)})`
  );
}

function accuracyNotes(day: SimulatedDay): string[] {
  return [
    `${day.accuracy.withoutEstimate} payments made with nobody on duty (no estimate: the wait promise instead); ` +
      `${day.accuracy.neverStarted} estimates never judged (the promise lapsed or the case expired before a start)`,
    `judged: ${judgedSpread(day.after)}`,
    `judged, claim delay from the payment: ${judgedSpread(day.fromPayment)}`,
  ];
}

export function simulatedDaySection(verdict: Verdict, seed: number): void {
  const day = runSimulatedDay(seed);
  const { rules, money, accuracy } = day;
  console.log(
    `\nSimulated day (issue 28): seed ${day.seed} (BENCH_DAY_SEED), ${money.after.cases} cases, ` +
      `${day.shifts} doctors' shifts over two days; wait promise ${rules.waitPromiseMinutes} min, ` +
      `capture after ${rules.captureAfterConnectedSeconds} s both connected, expiry ${rules.caseExpiryMinutes / 60} h, ` +
      `medians of the last ${rules.medianWindow}\n`,
  );
  console.log(outcomesTable(day));
  const goals = budgets.simulatedDay;
  console.log(
    `\nStripe fees (${stripeCardFeeCents()}¢ a charge of $2.99; a refund keeps it, a void of an uncaptured payment costs nothing)\n`,
  );
  console.log(
    table(
      [
        'rule',
        'cases',
        'payments',
        'seen',
        'never seen',
        'fees on seen',
        'fees lost on never seen',
        'charged, never seen',
        'goal',
      ],
      [
        moneyRow(money.before, '(no goal)'),
        moneyRow(
          money.after,
          `≤ ${dollars(goals.feesLostOnNeverSeenCents)}: ${verdict.add(
            atMost(
              'simulated day: Stripe fees lost on patients never seen',
              money.after.feesLostOnNeverSeenCents,
              goals.feesLostOnNeverSeenCents,
              'cents',
            ),
          )}`,
        ),
      ],
    ),
  );
  console.log(
    `\nWait estimate at payment against the real start (within ±${ESTIMATE_TOLERANCE_MINUTES} min), by hour of payment; ` +
      'claim delays measured from when the case was ready and the doctor free, as the server ' +
      'records them; "from payment": the first measure, which counts the queue ahead twice (no goal)\n',
  );
  console.log(
    table(
      ['hours', 'judged', 'within', 'share', 'from payment: within', 'share', 'goal'],
      [
        ...accuracy.byBand.map((band, index) => {
          const fromPayment = day.fromPaymentAccuracy.byBand[index]!;
          return [
            `${String(band.fromHour).padStart(2, '0')}–${String(band.toHour).padStart(2, '0')}`,
            String(band.judged),
            String(band.within),
            share(band.within, band.judged),
            `${fromPayment.within} of ${fromPayment.judged}`,
            share(fromPayment.within, fromPayment.judged),
            '',
          ];
        }),
        [
          'day',
          String(accuracy.judged),
          String(accuracy.within),
          share(accuracy.within, accuracy.judged),
          `${day.fromPaymentAccuracy.within} of ${day.fromPaymentAccuracy.judged}`,
          share(day.fromPaymentAccuracy.within, day.fromPaymentAccuracy.judged),
          `≥ ${formatValue(goals.estimateWithinMinShare, 'share')}: ${verdict.add(
            atLeast(
              'simulated day: wait estimates within 3 minutes of the real start',
              accuracy.share,
              goals.estimateWithinMinShare,
              'share',
            ),
          )}`,
        ],
      ],
    ),
  );
  for (const note of accuracyNotes(day)) console.log(`- ${note}`);
  for (const scale of BUSIER_DAYS) {
    const busier = runSimulatedDay(seed, { arrivalsScale: scale });
    console.log(
      `- the same seed with ${scale}× the payments, same doctors (no goal): ${busier.money.after.cases} cases, ` +
        `${busier.after.filter((auth) => auth.decision.why === 'wait_promise').length} promises lapsed; estimates within ` +
        `${share(busier.accuracy.within, busier.accuracy.judged)} (from payment ${share(busier.fromPaymentAccuracy.within, busier.fromPaymentAccuracy.judged)}); ` +
        `fees lost on never seen ${dollars(busier.money.before.feesLostOnNeverSeenCents)} before, ${dollars(busier.money.after.feesLostOnNeverSeenCents)} after`,
    );
  }
}
