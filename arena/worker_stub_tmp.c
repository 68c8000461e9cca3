#include "worker.h"
int worker_main(int argc, char **argv) { (void)argc; (void)argv; return 0; }
