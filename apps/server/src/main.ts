import cluster from 'node:cluster';
import { runCluster } from './cluster';
import { loadConfig } from './config';
import { serve } from './serve';

const config = loadConfig();
// Several processes on a PostgreSQL server (cluster.ts); one on the embedded database, or with WEB_CONCURRENCY=1.
if (cluster.isPrimary && config.webConcurrency > 1) await runCluster(config);
else await serve(config, { alone: cluster.isPrimary });
