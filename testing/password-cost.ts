/**
 * scrypt at 1/16 of the production cost (PASSWORD_HASH_LOG2_N, worker/config.ts), for every test
 * host: tests sign up thousands of members, and at the real cost hashing alone took most of a run's
 * CPU. worker/routers/auth.test.ts signs up at the real cost and reads it back from the stored hash.
 */
export const TEST_PASSWORD_HASH_LOG2_N = "10";
