/* fake_worker.h -- stand-ins for worker_main that misbehave on the wire, and a
 * bare echo peer to measure ZeroMQ's own round trip. Chosen by the environment
 * variable ARENA_TEST_FAKE in the re-executed test binary. */
#ifndef TEST_FAKE_WORKER_H
#define TEST_FAKE_WORKER_H

/* argv as worker_main gets it ("__worker", endpoint, ...). Returns the exit status. */
int fake_worker_main(const char *mode, int argc, char **argv);

#endif
