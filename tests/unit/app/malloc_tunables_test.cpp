#include "app/malloc_tunables.h"

#include <gtest/gtest.h>

namespace vigil::app {
namespace {

constexpr const char* kAll = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432"
                             ":glibc.malloc.trim_threshold=268435456";

TEST(MallocTunables, AreAllSetWhenTheUserSetNone)
{
    EXPECT_EQ(withMallocTunables(""), kAll);
}

TEST(MallocTunables, KeepTheUsersOtherTunables)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.arena_max=2"),
        std::string("glibc.malloc.arena_max=2:") + kAll);
}

TEST(MallocTunables, LeaveTheUsersOwnChoiceAlone)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.hugetlb=0:glibc.malloc.trim_threshold=0"),
        "glibc.malloc.hugetlb=0:glibc.malloc.trim_threshold=0"
        ":glibc.malloc.mmap_threshold=33554432");
}

TEST(MallocTunables, AreNotMistakenForATunableWithALongerName)
{
    EXPECT_EQ(withMallocTunables("glibc.malloc.hugetlbx=0"),
        std::string("glibc.malloc.hugetlbx=0:") + kAll);
}

// Issue 40 item 8: a user's GLIBC_TUNABLES near 128 KiB plus Vigil's three made one string too
// long to execute the program with, reported as "vigil is not installed completely".
TEST(MallocTunables, LeaveAValueNearLinuxsLimitAsTheUserGaveIt)
{
    // Alone it fits (with "GLIBC_TUNABLES=" and the NUL); with Vigil's three it would not.
    const std::string near = "glibc.user.x=" + std::string(128 * 1024 - 60, 'a');
    EXPECT_TRUE(withMallocTunables(near) == near) << "the user's value, untouched";
    const std::string room = "glibc.user.x=" + std::string(1000, 'a');
    EXPECT_EQ(withMallocTunables(room), room + ":" + kAll);
}

} // namespace
} // namespace vigil::app
