/** The coordinator's failures in the error envelope shared by both services. */
package io.causality.hitl.coordinator.errors;
