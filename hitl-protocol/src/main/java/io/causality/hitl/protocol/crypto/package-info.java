/**
 * The primitives the contract is built on: RFC 8785 canonical JSON, PS256 (RSASSA-PSS with SHA-256)
 * signatures, and RSA keys in PEM. Imports nothing else of the project.
 */
package io.causality.hitl.protocol.crypto;
