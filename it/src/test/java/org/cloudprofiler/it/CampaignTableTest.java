package org.cloudprofiler.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.cloudprofiler.generator.Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignTableTest {

    @TempDir
    Path directory;

    @Test
    void theGeneratorsJoinTableComesBackFromItsFileUnchanged() throws IOException {
        Map<String, String> campaignOfAd = Generator.ysbAdCampaigns(3);
        Path file = directory.resolve("campaigns.txt");

        CampaignTable.write(campaignOfAd, file);

        assertEquals(campaignOfAd, CampaignTable.read(file));
    }

    @Test
    void aLineThatIsNotAnAdAndACampaignIsRefusedWithItsNumber() throws IOException {
        Path file = directory.resolve("campaigns.txt");
        Files.writeString(file, "ad-1 campaign-1\nad-2\n");

        IOException refused = assertThrows(IOException.class, () -> CampaignTable.read(file));

        assertTrue(refused.getMessage().contains("line 2"), refused.getMessage());
    }
}
