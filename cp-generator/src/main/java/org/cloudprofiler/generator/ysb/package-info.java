/**
 * The Yahoo streaming benchmark's ad event (payload class 1 of docs/wire-format.md): the event,
 * its Kryo serializer, a Kryo set up with it, and a pool of pre-generated events over YSB-style
 * campaigns and ads.
 */
package org.cloudprofiler.generator.ysb;
