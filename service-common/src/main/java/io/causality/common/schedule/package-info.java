/**
 * Work a service does on a schedule beside its requests (docs/architecture.md): one task, one
 * daemon thread, a fixed delay, failures logged and tried again ({@link
 * io.causality.common.schedule.PeriodicTask}).
 */
package io.causality.common.schedule;
