import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { expireOffers } from './waiting-list.service';

/**
 * Offers not confirmed within the period's acceptance days lapse: every day at 06:00 UTC the offers whose deadline
 * has passed are declined (movement 'Offer expired') and, with auto-move on, their seats offered on to the waiting
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
  schedule: { cron: '0 6 * * *', tz: 'UTC' },
  async handle(_payload, context) {
    const { expired, offered } = await expireOffers(context, new Date());
    if (expired.length)
      context.log.info({ expired: expired.length, offered: offered.length }, 'lapsed offers declined');
  },
});
