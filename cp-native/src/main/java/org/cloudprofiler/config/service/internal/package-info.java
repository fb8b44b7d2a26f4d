/**
 * Internal: the configuration protocol's datagrams and their codec. Not API.
 */
package org.cloudprofiler.config.service.internal;
