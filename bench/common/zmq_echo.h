/* zmq_echo.h -- the baseline the per-move benchmarks divide by: a bare
 * ZeroMQ DEALER/ROUTER round trip of a 64-byte message (about the size of a
 * morris turn request), no arena code on either side.
 *
 * The echo side is a DEALER in a child process: it says "ready", returns
 * every message and stops at "bye". The timing side is the parent's ROUTER,
 * bound before the child connects. Sockets are set up by the caller (ipc or
 * tcp, plain or CURVE); only the exchange is here, so every baseline
 * measures the same loop. */
#ifndef BENCH_ZMQ_ECHO_H
#define BENCH_ZMQ_ECHO_H

/* The child's part on a connected DEALER; returns after "bye". */
void zmq_echo_serve(void *dealer);
/* Waits for the child's "ready", times `trips` round trips, says "bye";
 * the mean round trip in microseconds. */
double zmq_echo_round_trips(void *router, int trips);

#endif
