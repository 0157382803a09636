// core/common/redacted_url: a source as it may be shown. Parsed, not matched, and closed on
// failure: a password never reaches a message, events.jsonl or a folder name, however it is typed
// (issue 21 item 13).

#include "core/common/redacted_url.h"
#include "core/live/watch_defaults.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using vigil::redactedIn;
using vigil::redactedUrl;

struct Leak {
    const char* url;
    const char* secret; // must not appear
    const char* shown; // what is shown instead
};

class RedactedUrlHides : public testing::TestWithParam<Leak> { };

TEST_P(RedactedUrlHides, TheSecretInTheUrlInMessagesAndInTheFolderName)
{
    const Leak& leak = GetParam();
    SCOPED_TRACE(leak.url);
    const std::string shown = redactedUrl(leak.url);
    EXPECT_EQ(shown, leak.shown);
    EXPECT_EQ(shown.find(leak.secret), std::string::npos);
    const std::string message
        = redactedIn(std::string("cannot open ") + leak.url + ": 401 Unauthorized", leak.url);
    EXPECT_EQ(message.find(leak.secret), std::string::npos) << message;
    EXPECT_NE(message.find(shown), std::string::npos) << message;
    EXPECT_EQ(vigil::live::defaultWatchOutputDir(shown).find(leak.secret), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(RedactedUrl, RedactedUrlHides,
    testing::Values(
        // A password with an unencoded '/', '?' or '#': the authority cannot be parsed.
        Leak { "rtsp://admin:pa/ss9@10.0.0.5:554/live", "pa/ss9", "rtsp://***" },
        Leak { "rtsp://admin:pa?ss9@10.0.0.5:554/live", "pa?ss9", "rtsp://***" },
        Leak { "rtsp://admin:pa#ss9@10.0.0.5:554/live", "pa#ss9", "rtsp://***" },
        Leak { "rtsp://admin:1/ss9@10.0.0.5/live", "ss9@", "rtsp://***" },
        // A malformed scheme separator: nothing after the scheme is shown.
        Leak { "http:/u:hunter2@host/s.ts", "hunter2", "http:***" },
        Leak { "http:u:hunter2@host/s.ts", "hunter2", "http:***" },
        Leak { "admin:hunter2@host", "hunter2", "admin:***" },
        // Secrets in the query or the fragment.
        Leak { "http://host/s.ts?password=hunter2&x=1", "hunter2",
            "http://host/s.ts?password=***&x=1" },
        Leak { "https://host:8443/live?token=abc123def", "abc123def",
            "https://host:8443/live?token=***" },
        Leak { "rtsp://host/live?x=1&key=k3yk3y", "k3yk3y", "rtsp://host/live?x=1&key=***" },
        Leak { "http://host/live?Api_Key=zz99zz#access_token=tt77tt", "zz99zz",
            "http://host/live?Api_Key=***#access_token=***" },
        // Issue 40 item 4: names as the server decodes them, short names, path parameters.
        Leak {
            "http://host/s.ts?%70assword=SECRET1", "SECRET1", "http://host/s.ts?%70assword=***" },
        Leak {
            "http://host/s.ts?x=1&to%6Ben=SECRET2", "SECRET2", "http://host/s.ts?x=1&to%6Ben=***" },
        Leak { "http://host/s.ts?pw=SECRET3", "SECRET3", "http://host/s.ts?pw=***" },
        Leak { "http://host/live;jsessionid=SECRET4/s.ts", "SECRET4",
            "http://host/live;jsessionid=***/s.ts" },
        Leak { "rtsp://host/a;x=1;PW=SECRET5", "SECRET5", "rtsp://host/a;x=1;PW=***" },
        // The usual user and password, also with an unencoded '@', and an upper-case scheme.
        Leak { "rtsp://admin:s3cr@t@10.0.0.5:554/live?x=1", "s3cr@t",
            "rtsp://***@10.0.0.5:554/live?x=1" },
        Leak { "HTTP://viewer:hunter2@127.0.0.1:8080/s.ts", "hunter2",
            "HTTP://***@127.0.0.1:8080/s.ts" },
        // A host or port that is not one: hidden whole.
        Leak { "rtsp://u:hunter2@bad host/x", "hunter2", "rtsp://***" },
        Leak { "rtsp://cam:55hunter2/x", "55hunter2", "rtsp://***" }));

TEST(RedactedUrl, HidesAUserAndPasswordThatAMessageNamesAlone)
{
    for (const char* url : { "rtsp://admin:hunter2@10.0.0.5/live", "http:/admin:hunter2@host/s",
             "rtsp://admin:hunter2/x@10.0.0.5/live", "http://host/s?token=hunter2" }) {
        SCOPED_TRACE(url);
        const std::string message = redactedIn("401 for hunter2 at " + std::string(url), url);
        EXPECT_EQ(message.find("hunter2"), std::string::npos) << message;
    }
}

TEST(RedactedUrl, ShowsWhatHoldsNoSecretAsItIs)
{
    for (const char* text : { "udp://127.0.0.1:1234", "srt://[::1]:9000?mode=caller",
             "http://host/live/s.ts?x=1#t=10", "http://host/upward;v=2/s.ts?page=1", "/dev/video0",
             "camera:2", "clip.mp4", "a folder/video.mp4" }) {
        SCOPED_TRACE(text);
        EXPECT_EQ(redactedUrl(text), text);
        EXPECT_EQ(redactedIn(std::string("no ") + text, text), std::string("no ") + text);
    }
    EXPECT_EQ(redactedUrl("udp://@239.0.0.1:1234"), "udp://***@239.0.0.1:1234");
}

} // namespace
