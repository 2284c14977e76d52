/**
 * What both services' OpenAPI documents share: the standard error responses, added by a swagger
 * reader listener each service configures.
 */
package io.causality.common.openapi;
