/* outcome.c -- names and phrases of match end reasons, generated from one table. */
#include "outcome.h"

const char *outcome_name(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase)                                       \
    case value:                                                                             \
        return short_name;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return "unknown";
}

const char *outcome_phrase(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase)                                       \
    case value:                                                                             \
        return phrase;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return "unknown";
}
