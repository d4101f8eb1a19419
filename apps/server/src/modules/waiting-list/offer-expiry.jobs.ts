import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { expireOffers } from './waiting-list.service';

/**
 * Offers not confirmed by their deadline lapse: every hour on the hour (UTC) the offers whose deadline has passed are
 * declined (movement 'Offer expired') and, with auto-move on, their seats offered on to the waiting
 * list. Safe to run again: a lapsed offer is declined once, and a run finds nothing left to do.
 */
export const expireOffersJob = defineJob({
  name: 'waiting-list.expire-offers',
  payload: z.object({}).loose(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  idempotencyKey: () => 'waiting-list:expire-offers',
  // hourly, not daily: a deadline is at a time of day on the campus's clock (the period's rule), and an offer should
  // lapse within the hour it is due, whatever the time zone
  schedule: { cron: '0 * * * *', tz: 'UTC' },
  async handle(_payload, context) {
    const { expired, offered } = await expireOffers(context, new Date());
    if (expired.length)
      context.log.info({ expired: expired.length, offered: offered.length }, 'lapsed offers declined');
  },
});
