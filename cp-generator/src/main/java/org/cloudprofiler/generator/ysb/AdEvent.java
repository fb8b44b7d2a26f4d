package org.cloudprofiler.generator.ysb;

import java.io.Serializable;

/**
 * One event of the Yahoo streaming benchmark: a user saw, clicked or bought through an ad on a
 * page. Immutable, so any thread may read it.
 *
 * @param userId UUID text
 * @param pageId UUID text
 * @param adId UUID text, one of the campaigns' ads
 * @param adType {@code banner}, {@code modal}, {@code sponsored-search}, {@code mail} or
 *     {@code mobile}
 * @param eventType {@code view}, {@code click} or {@code purchase}
 * @param eventTimeMs milliseconds since the Unix epoch
 * @param ipAddress dotted quad
 */
public record AdEvent(String userId, String pageId, String adId, String adType,
        String eventType, long eventTimeMs, String ipAddress) implements Serializable {
    private static final long serialVersionUID = 1L;
}
