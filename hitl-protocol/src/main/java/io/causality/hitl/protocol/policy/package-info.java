/**
 * The signed deployment policy file: its records, reading and checking it, signing and verifying
 * it, and verifying an override token against the policy's authorities.
 */
package io.causality.hitl.protocol.policy;
