/**
 * Loading and checking the deployment policy and the authority keys before the coordinator serves,
 * and the developer tool that makes keys and a signed policy.
 */
package io.causality.hitl.coordinator.policy;
