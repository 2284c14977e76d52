/**
 * Reloading the deployment policy and the authority keys while the coordinator serves (SIGHUP,
 * {@code systemctl reload}, the admin task {@code reload-policy}): every startup check on the new
 * set first, then one atomic swap of the {@code crypto.SigningKeys} in the {@code crypto.KeyRing}.
 */
package io.causality.hitl.coordinator.reload;
