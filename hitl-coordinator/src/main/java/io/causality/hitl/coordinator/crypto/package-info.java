/**
 * The coordinator's signing keys: authority signers loaded from PEM files, and checks on how those
 * files are stored. Private key material never leaves these classes and is never logged or printed.
 */
package io.causality.hitl.coordinator.crypto;
