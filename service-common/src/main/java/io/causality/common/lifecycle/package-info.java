/**
 * What a service does for the process manager around it (docs/operations.md): telling systemd it is
 * ready, reloading its policy and keys on SIGHUP or the admin task {@code reload-policy}, and
 * re-reading the configuration file it started from.
 */
package io.causality.common.lifecycle;
