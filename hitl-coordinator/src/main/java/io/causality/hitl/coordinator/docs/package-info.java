/**
 * What the coordinator's OpenAPI description is made of beyond the resources' annotations: the
 * standard error responses and the bearer security scheme.
 */
package io.causality.hitl.coordinator.docs;
