// A prototype measured by Scripts/bench (see Docs/Performance.md, "Loading libcurl lazily"):
// it stands in for libcurl when linking rocket-reserver statically, so that libcurl and its ~30
// dependencies (OpenSSL, GnuTLS, Kerberos, LDAP, ...) are loaded only by the first request that
// goes to the network, not by every start of the process. Each function loads the real
// libcurl.so.4 on first use (dlopen) and forwards to it.
//
// Variadic functions forward their one variable argument as an 8-byte integer-class value:
// every curl_easy_setopt / curl_multi_setopt / curl_easy_getinfo argument is a long, a pointer
// or a curl_off_t, which the LP64 calling conventions (x86-64 SysV, AArch64) pass alike.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "rocket-reserver: cannot load libcurl.so.4: %s\n", dlerror());
        abort();
    }
}

static void *resolve(const char *name) {
    pthread_once(&library_once, load_library);
    void *function = dlsym(library, name);
    if (!function) {
        fprintf(stderr, "rocket-reserver: libcurl.so.4 has no %s\n", name);
        abort();
    }
    return function;
}

// The real function, resolved on first use.
#define REAL(name)                                                              \
    static name##_type real_##name;                                             \
    name##_type fn = __atomic_load_n(&real_##name, __ATOMIC_ACQUIRE);           \
    if (!fn) {                                                                  \
        fn = (name##_type)resolve(#name);                                       \
        __atomic_store_n(&real_##name, fn, __ATOMIC_RELEASE);                   \
    }

#define FORWARD(ret, name, params, args)                                        \
    typedef ret (*name##_type) params;                                          \
    ret name params {                                                           \
        REAL(name)                                                              \
        return fn args;                                                         \
    }

#define FORWARD_VOID(name, params, args)                                        \
    typedef void (*name##_type) params;                                         \
    void name params {                                                          \
        REAL(name)                                                              \
        fn args;                                                                \
    }

#define FORWARD_VARIADIC(name)                                                  \
    typedef int (*name##_type)(void *, int, ...);                               \
    int name(void *handle, int option, ...) {                                   \
        REAL(name)                                                              \
        va_list list;                                                           \
        va_start(list, option);                                                 \
        void *argument = va_arg(list, void *);                                  \
        va_end(list);                                                           \
        return fn(handle, option, argument);                                    \
    }

FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(void *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (void *handle), (handle))
FORWARD_VARIADIC(curl_easy_setopt)
FORWARD_VARIADIC(curl_easy_getinfo)
FORWARD(int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
FORWARD(const char *, curl_easy_strerror, (int code), (code))
FORWARD_VOID(curl_free, (void *pointer), (pointer))
FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(void *, curl_multi_info_read, (void *multi, int *remaining), (multi, remaining))
FORWARD_VARIADIC(curl_multi_setopt)
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int mask, int *running), (multi, socket, mask, running))
FORWARD(void *, curl_slist_append, (void *list, const char *string), (list, string))
FORWARD_VOID(curl_slist_free_all, (void *list), (list))
FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_get, (const void *url, int part, char **value, unsigned int flags), (url, part, value, flags))
FORWARD(int, curl_url_set, (void *url, int part, const char *value, unsigned int flags), (url, part, value, flags))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_version_info, (int age), (age))
